"""A module that must never be imported: importing it fails loudly."""

raise RuntimeError("tests.agents.explosive was imported")
