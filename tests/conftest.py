"""Configuration shared by every test: the Hypothesis profiles.

Choose one with the ``HYPOTHESIS_PROFILE`` environment variable:

* ``dev`` (the default): few examples, for a fast local run;
* ``ci``: many more examples, for the continuous-integration run.

Neither profile has a deadline: a game that is slow on a loaded CI machine is not a bug.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=300, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
