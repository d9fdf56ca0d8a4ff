"""Tests of tavola.arena."""
