"""The tables of docs/rules-belot-klaverjas.md, vendored: legal-move positions P1-P9 (2.3), the
trick roem table (3.4) and the match cases (2.8). Tests run them through the engine and
over HTTP."""

#: 2.3: seat 3 to play, leader seat 0, trump H: (id, trick so far, hand, legal per preset).
POSITIONS = [
    ("P1", "7H 9H 8H", "JH 10H AC", {"B": "JH", "R": "JH", "A": "JH"}),
    ("P2", "7S AS 8S", "7H KC AD", {"B": "7H KC AD", "R": "7H", "A": "7H KC AD"}),
    ("P3", "7S 10H 8S", "9H 8H KC", {"B": "9H 8H KC", "R": "9H", "A": "9H KC"}),
    ("P4", "7S 10H 8S", "8H KC", {"B": "8H KC", "R": "8H", "A": "KC"}),
    ("P5", "7S 10H 8S", "8H QH", {"B": "8H QH", "R": "8H QH", "A": "8H QH"}),
    ("P6", "7S AS 10H", "8H KC", {"B": "8H KC", "R": "8H", "A": "KC"}),
    ("P7", "7S AS 10H", "JH 8H KC", {"B": "JH", "R": "JH", "A": "JH"}),
    ("P8", "7S 8S KS", "8H AH KC", {"B": "8H AH", "R": "8H AH", "A": "8H AH"}),
    ("P9", "8H 7D AH", "10H KH AC", {"B": "10H KH", "R": "10H KH", "A": "10H KH"}),
]
PRESET_OF = {"B": "belot", "R": "klaverjas-rotterdam", "A": "klaverjas-amsterdam"}

#: 3.4: (trick, trump, roem Rotterdam, roem Amsterdam, item kinds).
ROEM = [
    ("7C 8C 9C AH", "H", 20, 20, ["run"]),
    ("9C 10C JC QC", "H", 50, 50, ["run"]),
    ("AC 10C KC 7D", "S", 0, 0, []),
    ("AC KC QC 7D", "S", 20, 20, ["run"]),
    ("KD QD 7C 8S", "D", 20, 20, ["stuk"]),
    ("KS QS 7C 8H", "D", 0, 0, []),
    ("QD KD AD 7C", "D", 40, 40, ["run", "stuk"]),
    ("10S JS QS KS", "S", 70, 70, ["run", "stuk"]),
    ("JH QH KH AH", "H", 70, 70, ["run", "stuk"]),
    ("JC JD JH JS", "H", 100, 200, ["four"]),
    ("AC AD AH AS", "D", 100, 100, ["four"]),
    ("9C 9D 9H 9S", "H", 100, 0, ["four"]),
    ("7C 7D 7H 7S", "C", 100, 0, ["four"]),
]

#: 2.8: (rounds as (score, capot team or None), [(finished, winner) after each round]),
#: checked after every prefix of the rounds where the table says.
MATCHES = [
    ([((100, 60), None), ((51, 10), None)], (151, 70), (True, 0)),
    ([((140, 145), None), ((16, 10), None)], (156, 155), (True, 0)),
    ([((145, 150), None), ((11, 6), None)], (156, 156), (False, None)),
    ([((130, 100), None), ((25, 0), 0)], (155, 100), (False, None)),
    ([((130, 100), None), ((25, 0), 0), ((10, 6), None)], (165, 106), (True, 0)),
    ([((140, 130), None), ((0, 25), 1)], (140, 155), (False, None)),
    ([((140, 130), None), ((0, 25), 1), ((16, 0), None)], (156, 155), (True, 0)),
]
