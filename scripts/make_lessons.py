"""Build the example lessons shipped in ``data/lessons/`` (two per game, one file per language).

    python scripts/make_lessons.py          # writes data/lessons/*.json (replacing them)
    python scripts/make_lessons.py --show   # also prints each step's computed answer

The positions are built with ``game.position`` (as the position editor builds them); the question
and explanation are a teacher's words in each language; the answers are computed by the kit when a
step is shown, never stored.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from mowkit import load_game
from mowkit.i18n import language
from mowkit.lessons import Lesson, Step, compute, lessons_dir, save

SIX = {"players": 4}
MOW = {"players": 3}


def six_position(mine: list[int], rows: list[list[int]]) -> dict[str, Any]:
    """Seat 1 holds ``mine``; the other seats get the lowest free cards, as many each."""
    game = load_game("sixnimmt", **SIX)
    used = set(mine) | {c for r in rows for c in r}
    free = [c for c in game.deck if c not in used]
    k = len(mine)
    hands = [mine] + [free[i * k:(i + 1) * k] for i in range(game.num_players - 1)]
    return dict(game.position(hands=hands, rows=rows, reachable=False).start_position)  # a what-if position


def mow_position(mine: list[int], herd: list[int], others: list[list[int]], **extra: Any) -> dict[str, Any]:
    game = load_game("mow", **MOW)
    return dict(game.position(hands=[mine, *others], lines=[herd], reachable=False, **extra).start_position)


# (file stem, game, options, {language: title}, steps: (position, rollouts, {language: (question, explanation)}))
LESSONS: list[tuple[str, str, dict[str, Any], dict[str, str], list[tuple[dict[str, Any], int, dict[str, tuple[str, str]]]]]] = [
    ("sixnimmt_rule4", "sixnimmt", SIX, {"en": "Rule 4: the lowest card takes a row", "ru": "Правило 4: самая маленькая карта забирает ряд"}, [
        (six_position([7, 26, 44, 63, 95], [[15, 18, 23], [30, 39, 41], [52, 57], [70, 76, 84, 88]]), 0, {
            "en": ("Your 7 is lower than the last card of every row. What happens if you play it?",
                   "Rule 4: a card lower than the last card of every row fits nowhere, so its player takes a row "
                   "of their choice and the card starts that row again. Take the cheapest one: row 3 holds only "
                   "2 heads. The odds also count the chance that someone plays an even lower card first: "
                   "then your 7 is placed after it and costs nothing."),
            "ru": ("Ваша 7 меньше последней карты каждого ряда. Что будет, если её сыграть?",
                   "Правило 4: карту меньше последней карты каждого ряда некуда положить, поэтому игрок забирает "
                   "любой ряд по своему выбору, и эта карта начинает ряд заново. Берите самый дешёвый: в ряду 3 "
                   "всего 2 головы. Расчёт учитывает и шанс, что кто-то сыграет карту ещё меньше: "
                   "тогда ваша 7 ляжет за ней и ничего не будет стоить."),
        }),
        (six_position([3, 30, 41, 62, 98], [[20, 21, 24, 26, 29], [31, 32, 36, 37, 40], [60, 61], [13]]), 0, {
            "en": ("Rows 1 and 2 are full. Is the low 3 the cheapest card to play now?",
                   "No. The 3 surely takes a row by Rule 4, even if a cheap one (row 4: a single 13, 1 head). "
                   "The 62 lies right above the 61: no card can come between them, so it is safe this turn. "
                   "The 30 and the 41 would be sixth cards in full rows."),
            "ru": ("Ряды 1 и 2 заполнены. Дешевле всего сейчас сыграть маленькую 3?",
                   "Нет. Тройка по правилу 4 наверняка заберёт ряд, пусть и дешёвый (ряд 4: одна карта 13, "
                   "1 голова). А 62 идёт сразу за 61: между ними никакая карта не поместится, так что в этот ход "
                   "она безопасна. Карты 30 и 41 стали бы шестыми в полных рядах."),
        }),
    ]),
    ("sixnimmt_safer_card", "sixnimmt", SIX, {"en": "Which card is safer?", "ru": "Какая карта безопаснее?"}, [
        (six_position([16, 27, 54, 66, 90], [[10, 14], [33, 35, 38], [47, 50, 52], [71, 80]]), 0, {
            "en": ("Which card is safer to play: one just above a row's last card, or one far above it?",
                   "The fewer unseen cards lie between a row's last card and yours, the less likely the others "
                   "push your card to the sixth place. The 16 and the 54 sit right above 14 and 52: nobody can "
                   "fill their rows before them."),
            "ru": ("Какую карту безопаснее сыграть: сразу над последней картой ряда или намного выше?",
                   "Чем меньше невиданных карт лежит между последней картой ряда и вашей, тем меньше шанс, что "
                   "другие сдвинут вашу карту на шестое место. Карты 16 и 54 идут сразу за 14 и 52: никто не "
                   "успеет заполнить их ряды раньше."),
        }),
        (six_position([15, 30, 50, 75, 101], [[5, 8, 9, 12, 13], [25, 27], [44, 46, 49], [68]]), 0, {
            "en": ("Row 1 already holds five cards. What does the 15 cost, and which card would you play instead?",
                   "The 15 goes after the 13 as the sixth card and takes row 1 (6 heads), unless someone plays "
                   "the 14 first and takes the row instead. The 50 goes right after the 49 and the 30 lands on a "
                   "short row: both are safe or nearly so."),
            "ru": ("В ряду 1 уже пять карт. Во что обойдётся 15 и какую карту сыграть вместо неё?",
                   "15 ляжет шестой за 13 и заберёт ряд 1 (6 голов), если только кто-то не сыграет 14 раньше и "
                   "не заберёт ряд сам. 50 идёт сразу за 49, а 30 попадает в короткий ряд: обе безопасны или "
                   "почти безопасны."),
        }),
    ]),
    ("mow_take_herd", "mow", MOW, {"en": "When to take the herd", "ru": "Когда забирать стадо"}, [
        (mow_position([38, 40, 33, 2, 18], [3, 6, 9, 12], [[0, 1, 4, 7, 10], [5, 8, 11, 13, 14]]), 400, {
            "en": ("The herd holds four cows and no flies. Take it now, or add a cow?",
                   "Taking a herd without flies costs nothing, and whoever takes it starts the next herd with a "
                   "cow of their choice. Compare the flies by the end of the round: the Monte Carlo values play "
                   "the round out many times from here."),
            "ru": ("В стаде четыре коровы и ни одной мухи. Забрать его сейчас или добавить корову?",
                   "Стадо без мух ничего не стоит, а тот, кто его забирает, начинает новое стадо с любой своей "
                   "коровы. Сравните мух к концу тура: значения Монте-Карло много раз доигрывают тур отсюда."),
        }),
        (mow_position([19, 36, 1, 15, 27], [25, 29, 32, 35], [[0, 3, 4, 6, 9], [12, 23, 30, 39, 41]]), 400, {
            "en": ("Taking this herd puts 8 flies in your cowshed. Is it worth it when a cow still fits?",
                   "A cow that fits costs no flies now. Taking the herd costs its flies at once; it pays only when "
                   "waiting is likely to cost more later. Look at both numbers for each move."),
            "ru": ("Если забрать это стадо, в ваш коровник попадут 8 мух. Стоит ли, когда корова ещё подходит?",
                   "Подходящая корова сейчас не стоит мух. Забрать стадо значит сразу получить его мух; это "
                   "оправдано, только если ожидание, скорее всего, обойдётся дороже. Посмотрите на оба числа "
                   "для каждого хода."),
        }),
    ]),
    ("mow_flies_risk", "mow", MOW, {"en": "Flies: whose cowshed?", "ru": "Мухи: в чей коровник?"}, [
        (mow_position([8, 19, 26, 36, 0], [9, 12, 15], [[1, 3, 4, 6, 7], [23, 27, 30, 33, 39]]), 400, {
            "en": ("Which cow do you add: one with flies or one without?",
                   "A cow with flies added to the herd leaves your hand: it costs you nothing unless the herd "
                   "comes back to you. If the next farmer is likely to have to take the herd, unloading flies "
                   "now is cheap."),
            "ru": ("Какую корову добавить: с мухами или без?",
                   "Корова с мухами, положенная в стадо, уходит из вашей руки: она ничего вам не стоит, если "
                   "стадо не вернётся к вам. Если следующему фермеру, скорее всего, придётся забрать стадо, "
                   "избавиться от мух сейчас выгодно."),
        }),
        (mow_position([14, 22, 29], [9, 12, 15], [[1, 3, 4], [23, 27, 30]], stock=[]), 0, {
            "en": ("The draw pile is empty. What does taking the herd cost now?",
                   "With an empty draw pile the next take ends the round, and every farmer's cards left in hand "
                   "go to their cowshed. So taking the herd costs its flies and the flies of your own hand."),
            "ru": ("Колода для добора пуста. Во что сейчас обойдётся забрать стадо?",
                   "Когда колода для добора пуста, следующий забор стада заканчивает тур, и карты, оставшиеся у "
                   "каждого фермера в руке, идут в его коровник. Поэтому забрать стадо стоит его мух и мух "
                   "вашей руки."),
        }),
    ]),
]


def build(folder: Path, show: bool = False) -> list[Path]:
    written = []
    for stem, game, options, titles, steps in LESSONS:
        for lang in ("en", "ru"):
            lesson = Lesson(game=game, language=lang, title=titles[lang], options=options, steps=tuple(
                Step(position=pos, question=texts[lang][0], explanation=texts[lang][1], rollouts=rollouts)
                for pos, rollouts, texts in steps))
            path = save(lesson, folder / f"{stem}.{lang}.json", replace=True)
            written.append(path)
            if show:
                with language(lang):
                    for i in range(len(lesson.steps)):
                        print(f"--- {path.name} step {i + 1}\n{compute(lesson, i).text()}")
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print each step's computed answer")
    args = parser.parse_args()
    for path in build(lessons_dir(), args.show):
        print(path)


if __name__ == "__main__":
    main()
