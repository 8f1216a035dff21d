"""The ops vocabulary: the name of every operation the engine's worker asks the page to do.

What it is for: both threads read this one file. In the engine's Pyodide
worker, ``outbox.Ops.add`` refuses a name not listed here (``app.App.op``
and every module that draws through it speak these names); on the page's
main thread, PyScript's MicroPython loads the same file (the build serves
it as ``static/opnames.py``) and ``static/main/ops.py`` finds each op's
function by the name given here. So an op is named once: a new op is a
line here and a function of that name in ``static/main/ops.py``
(tests/core/test_architecture.py checks that both sides agree).

An op is ``{"op": NAME, ...}``; its fields are documented in
docs/web-runtime.md ("The ops") and at each function of ``static/main/ops.py``.

What it is not: the messages around the ops (``outbox``, ``static/main/page.py``)
or the page's events (``app.App.handle``). Plain Python that MicroPython
runs too: no imports, no annotations.

>>> ALL["html"], ALL["title"]
('set_html', 'title')
"""

#: ops on one element (its ``id``, else the selector ``sel``, else the document's root):
#: op name -> the function of static/main/ops.py that applies it, called with (op, element)
ON_ELEMENT = {
    "html": "set_html",        # innerHTML (keeping the values of the fields named in ``keep``)
    "text": "set_text",        # textContent, left alone when unchanged (a quiet live region)
    "attr": "set_attr",        # an attribute set, or removed when ``value`` is null
    "prop": "set_prop",        # a DOM property
    "data": "set_data",        # a dataset entry, or removed when ``value`` is null
    "class": "toggle",         # a class on or off
    "insert": "insert",        # HTML inserted (``where``), unless ``unless`` matches
    "scroll": "scroll",        # scrolled to its bottom
    "reveal": "reveal",        # scrolled back into view
}

#: ops on the page as a whole: op name -> the function of static/main/ops.py, called with (op)
GLOBAL = {
    "title": "title",          # the tab's title
    "link": "link",            # the address's fragment (replace, entry, push, clear)
    "focus": "keep_focus",     # keyboard focus remembered or restored across a redraw
    "store": "store",          # a local or session storage write
    "copy": "copy",            # text to the clipboard, or shown to copy by hand
    "toast": "toast_op",       # a short message
    "mark": "mark_op",         # the replay log's move shown
    "errors": "show_errors",   # a form's field notes
    "keys": "set_keys",        # the keys the page forwards
    "log": "console_log",      # a line on the browser's console
    "ready": "ready",          # Python is up
    "failed": "failed",        # the engine failed to start
}

#: every op name -> its function's name
ALL = dict(ON_ELEMENT)
ALL.update(GLOBAL)
