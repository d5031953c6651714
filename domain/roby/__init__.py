"""Roby, the ten-card rummy with the 99 rule and re-enlistment."""
