"""The game's own words in English and Russian: one table, read in the kit's current language.

English texts are the keys (as in the kit's catalogs); :func:`t` gives the text in
:func:`mowkit.i18n.get_language`'s language, :func:`cows_text` counts cows with Russian's three
forms. The kit's catalogs are not touched: a game ships its own words.
"""

from __future__ import annotations

from mowkit.i18n import get_language

RUSSIAN: dict[str, str] = {
    "Cow count": "Счёт коров",
    "player": "игрок",
    "cows": "коровы",
    "{card} ({cows})": "{card} ({cows})",
    "lay {card}": "выложить {card}",
    "Round {round} begins: {cards} each.": "Начинается тур {round}: на руках у каждого {cards}.",
    "Player {player} lays {card} on the line.": "Игрок {player} кладёт {card} в линию.",
    "Player {player} lays {card}, lower than the line: takes {cards} ({cows}); {card} starts a new line.":
        "Игрок {player} кладёт {card}, меньше конца линии: забирает {cards} ({cows}); {card} начинает "
        "новую линию.",
    "Round {round} ends. Cows this round: {scores}. Totals: {totals}.":
        "Тур {round} окончен. Коровы за тур: {scores}. Итого: {totals}.",
    "Game over: player {players} wins with {cows}.": "Игра окончена: побеждает игрок {players}, {cows}.",
    "Game over: players {players} share the win with {cows}.":
        "Игра окончена: игроки {players} делят победу, {cows}.",
    "player {player}: {value}": "игрок {player}: {value}",
    "Cow count · round {round} · {phase}": "Счёт коров · тур {round} · {phase}",
    "player {player} lays a card": "игрок {player} кладёт карту",
    "game over": "игра окончена",
    "line": "линия",
    "hand": "рука",
    "taken this round": "взято за тур",
    "total": "итого",
    "this is not a decision of Cow count": "это не ход игры «Счёт коров»",
    "the game is over; no decision can be made": "игра окончена; ходить больше нельзя",
    "there is no player {player}": "игрока {player} нет",
    "player {player} cannot play now: player {to_act} lays a card":
        "игрок {player} сейчас не ходит: карту кладёт игрок {to_act}",
    "player {player} does not hold card {card}": "у игрока {player} нет карты {card}",
    "one total per player": "по одному итогу на игрока",
    "hand sizes that fit a turn": "размеры рук, возможные в ходе",
    "cards of the deck, each in one place": "карты колоды, каждая в одном месте",
    "an ascending line": "линия по возрастанию",
    "{n} lists of cards": "списки карт ({n})",
    "a list of cards": "список карт",
    "Lays a random card.": "Кладёт случайную карту.",
    "Lays the lowest card that joins the line; the lowest card when every card takes it.":
        "Кладёт наименьшую карту, которая встаёт в линию; иначе наименьшую карту.",
}

TABLES: dict[str, dict[str, str]] = {"en": {}, "ru": RUSSIAN}


def t(message: str) -> str:
    """``message`` (English) in the kit's current language (English when the table lacks it)."""
    return TABLES.get(get_language(), {}).get(message, message)


def cows_text(n: int) -> str:
    """``1 cow``, ``2 cows`` / ``1 корова``, ``2 коровы``, ``5 коров``."""
    if get_language() == "ru":
        if n % 10 == 1 and n % 100 != 11:
            word = "корова"
        elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            word = "коровы"
        else:
            word = "коров"
        return f"{n} {word}"
    return f"{n} cow" if n == 1 else f"{n} cows"


def cards_text(n: int) -> str:
    """``1 card``, ``3 cards`` / ``1 карта``, ``3 карты``, ``5 карт``."""
    if get_language() == "ru":
        if n % 10 == 1 and n % 100 != 11:
            word = "карта"
        elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            word = "карты"
        else:
            word = "карт"
        return f"{n} {word}"
    return f"{n} card" if n == 1 else f"{n} cards"
