"""Tests of tavola.agents."""
