"""Voila's settings for the classroom page (README, "Classroom"); from the repository's root:

    voila notebooks/classroom.ipynb --Voila.config_file_paths=app

* The page's template is ``share/jupyter/voila/templates/mowkit`` next to this file: Voila's own "lab" page
  without the icon stylesheets it would fetch from the internet (nothing leaves the server).
* The browser's ``Accept-Language`` reaches the page's kernel (``HTTP_ACCEPT_LANGUAGE``), and the
  address's query (``?lang=ru``) as ``QUERY_STRING``: the app opens in the reader's language.
* Kernels are freed: a page closed normally shuts its kernel down at once (Voila's own
  ``beforeunload`` call); a kernel whose page is gone without it (a browser killed, a laptop
  closed) is shut down after ``cull_idle_timeout`` seconds without a connection or a message.
  A kernel with its page still open is never culled (``cull_connected = False``), however long
  the class looks at it.
"""

import os

c = get_config()  # noqa: F821  (given by traitlets when it loads this file)

_here = os.path.dirname(os.path.abspath(__file__))
_templates = os.path.join(_here, "share", "jupyter")
os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (_templates, os.environ.get("JUPYTER_PATH")) if p)

c.VoilaConfiguration.template = "mowkit"
c.VoilaConfiguration.preheat_kernel = False  # a kernel per page, started with the page's request
c.VoilaConfiguration.http_header_envs = ["Accept-Language"]
c.VoilaConfiguration.show_tracebacks = False

c.MappingKernelManager.cull_idle_timeout = 600  # seconds without a connection or a message
c.MappingKernelManager.cull_interval = 60  # how often to look
c.MappingKernelManager.cull_connected = False  # never the kernel of a page still open
c.MappingKernelManager.cull_busy = False  # never a kernel in the middle of a computation
