"""henchmen.printable: text from a game or a replay cannot act on the terminal."""

from __future__ import annotations

import io

import pytest

from henchmen._cli_output import OutputFailed, OutputStream
from henchmen.printable import PrintableStream, printable

CONTROLS = [chr(c) for c in [*range(0x00, 0x20), *range(0x7F, 0xA0)]]
REORDERING = ["\u061c", "\u200e", "\u200f", *map(chr, range(0x202A, 0x202F))]
REORDERING += [*map(chr, range(0x2066, 0x206A)), "\u2028", "\u2029"]


@pytest.mark.parametrize("ch", CONTROLS + REORDERING + ["\ud800", "\udfff"])
def test_every_control_character_is_spelled_out(ch: str) -> None:
    out = printable(f"a{ch}b")
    assert ch not in out and out.startswith("a\\") and out.endswith("b")
    assert out.isascii() and out.isprintable()


def test_escapes_read_like_python_ones() -> None:
    assert printable("\x1b[2J\x07\x9b\n\t\r") == "\\x1b[2J\\x07\\x9b\\n\\t\\r"
    assert printable("x\u202ey\ud83d") == "x\\u202ey\\ud83d"


@pytest.mark.parametrize(
    "text",
    ["Tiny Bot", "Sleuths N' Sniffs 9", "S.H.I.E.L.D. Agent", "Gambit: Card Shark",
     "Café Zoë ✓ 😀 👩‍💻", "Backslash \\x1b stays as typed", ""],
)  # fmt: skip
def test_ordinary_text_is_untouched(text: str) -> None:
    assert printable(text) == text


def test_keep_lets_line_breaks_through() -> None:
    assert printable("a\nb\x1bc", keep="\n") == "a\nb\\x1bc"


def test_a_stream_escapes_everything_written_but_its_line_breaks() -> None:
    raw = io.StringIO()
    out = PrintableStream(raw)
    assert out.write("Ann\x1b]0;title\x07: end turn\n") == len("Ann\x1b]0;title\x07: end turn\n")
    assert raw.getvalue() == "Ann\\x1b]0;title\\x07: end turn\n"
    assert not out.isatty()


def test_an_output_stream_fails_one_way() -> None:
    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    with pytest.raises(OutputFailed) as caught:
        OutputStream(Full()).write("x")
    assert caught.value.error.errno == 28
    with pytest.raises(OutputFailed, match="closed"):
        OutputStream(None).write("x")  # sys.stdout is None when fd 1 was closed
    OutputStream(Full()).say("nowhere to tell it")  # says nothing, raises nothing


def test_a_flush_cut_by_ctrl_c_leaves_the_line_to_be_ended() -> None:
    # Whole lines were written, but the interrupt cut their flush: the terminal
    # may show half a line, so what is said next must start on a new one.
    class Cut(io.StringIO):
        cuts = 1

        def flush(self) -> None:
            if self.cuts:
                self.cuts -= 1
                raise KeyboardInterrupt
            super().flush()

    raw = Cut()
    out = OutputStream(raw)
    out.write("a whole line\n")
    assert not out.mid_line
    with pytest.raises(KeyboardInterrupt):
        out.flush()
    out.end_line()
    assert raw.getvalue() == "a whole line\n\n"
    out.end_line()  # a line already ended is left alone
    assert raw.getvalue() == "a whole line\n\n"
