"""Sphinx configuration of the API reference (docs/reference.md says how to build it)."""

from __future__ import annotations

import re
from importlib.metadata import version as _version

import numpy.typing
from sphinx.application import Sphinx
from sphinx.util.typing import stringify_annotation

project = "Henchmen"
author = "The Henchmen authors"
copyright = "The Henchmen authors, MIT licence"
release = _version("henchmen")
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]
# No napoleon: our docstrings are reST prose, and napoleon would read a property's
# first line "One number per player: ..." as a type.

# The optional extras' packages are stood in for (mocked) while the modules are
# read, so the reference builds the same with or without them installed
# (open_spiel alone is a 16 MB wheel).
autodoc_mock_imports = ["pyspiel", "pettingzoo", "gymnasium"]

# The public path (henchmen.State) is the one documented; autodoc adds the
# defining module's path (henchmen.state.State) as its canonical alias, so
# annotations and :class: roles naming either resolve.
# Bases are shown where they say something (errors, the OpenSpiel and Gymnasium
# classes: :show-inheritance: on their pages), not as "Bases: object" everywhere.
# Every directive says :members: itself: Sphinx 9.0 lets a default "members" of
# True override a directive's own list of members.
autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "signature"
add_module_names = False
python_use_unqualified_type_names = True

nitpicky = True
# Outside projects' objects (the standard library, numpy, websockets, ...): their
# inventories would be fetched over the network (intersphinx), which neither the
# CI nor a developer's offline checkout can count on. Our own names are checked.
_OUTSIDE = [
    *("typing", "typing_extensions", "collections", "numpy", "npt"),
    *("asyncio", "concurrent", "pathlib", "os", "io", "json", "enum", "dataclasses"),
    *("threading", "argparse", "random"),
    *("websockets", "pettingzoo", "gymnasium", "pyspiel", "open_spiel", "dask", "distributed"),
    *("matplotlib", "textual", "rich"),
]
nitpick_ignore_regex = [(r"py:.*", rf"({'|'.join(_OUTSIDE)})(\..*)?")]
# The native core's classes are private; LegalActions, made by State.legal_actions
# and never by a user, names the native state it reads in its signature.
nitpick_ignore_regex.append((r"py:class", r"henchmen\._core\..*"))

html_theme = "furo"
html_title = f"Henchmen {release} API reference"
html_static_path: list[str] = []

# How autodoc spells numpy's aliases once it has evaluated them: ArrayLike as a
# union of eight private protocols, NDArray[X] as ndarray[tuple[Any, ...], dtype[X]].
# They are put back as written in the code, which is what a reader can use.
_ARRAY_LIKE = stringify_annotation(numpy.typing.ArrayLike, "smart")
_NDARRAY = re.compile(
    r"~numpy\.ndarray\[tuple\[~typing\.Any, \.\.\.\], ~numpy\.dtype\[([^\[\]]+)\]\]"
)


def _readable(text: str | None) -> str | None:
    if not text:
        return text
    # A dataclass field made by default_factory shows as "<factory>", which is no
    # Python expression: the signature would be shown unparsed, its types unlinked.
    text = text.replace("=<factory>", "=...").replace("= <factory>", "= ...")
    text = text.replace(_ARRAY_LIKE, "~numpy.typing.ArrayLike")
    return _NDARRAY.sub(r"~numpy.typing.NDArray[\1]", text)


def _readable_signature(
    app: object,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None]:
    return _readable(signature), _readable(return_annotation)


def setup(app: Sphinx) -> None:
    app.connect("autodoc-process-signature", _readable_signature)
