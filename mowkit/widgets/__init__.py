"""ipywidgets front ends of mowkit. Each module builds widgets that only call library functions."""
