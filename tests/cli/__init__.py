"""Tests of the tavola command line."""
