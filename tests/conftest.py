"""Test-wide settings.

Hypothesis judges speed by the wall clock; on a shared 2-core machine a busy neighbour
makes input generation "slow" or a single example miss its deadline without anything
being wrong. The properties stay the same; only those timing health checks are off.
"""

from hypothesis import HealthCheck, settings

settings.register_profile("shared-machine", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared-machine")
