"""The site's build (``make site``: ``python -m sitebuild --out dist``, run from
the repository's root): index.html, static/, the vendored runtime, our wheel
and msgpack's into one folder any static host serves.

A package of the repository, never of the wheel: ``build.py`` (the steps),
``layout.py`` (paths, versions, what is precached), ``wheels.py`` (our wheel,
msgpack's, the lockfile), ``pages.py`` (the pages, the stylesheet, the boot
script), ``light.py`` (compressed copies, bytecode, the build cache),
``bytecode.py`` and ``pyscript_bytecode.mjs`` (the warm start's bytecode),
``offline.py`` (the service worker, the manifest) and ``icon.py`` (the
arcade's icon). Tests import it as ``sitebuild`` (pytest puts the root on
the path: pyproject.toml's ``pythonpath``).
"""
