"""Serving the built site: ``rules.py`` says how each file is answered (MIME
types, caching, the security headers, encodings, which methods), and
``serve.py`` is the small static server over it (``netarcade serve``,
``python -m netarcade.site.serve``); the relay serves the same files with the
same rules (``netarcade.relay.site``).

Beside the relay and below it: it imports the core alone (the shared
argument parser, ``core.argcheck``); the relay and the command line import
it, the page never does.
"""
