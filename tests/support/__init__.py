"""Helpers shared by the tests (and the benchmarks that drive the same
processes): imported as ``support.<module>`` with tests/ on the path; none
is named ``test_*``, so pytest collects nothing here."""
