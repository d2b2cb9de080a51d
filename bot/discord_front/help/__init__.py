"""/tne help: the topics and their answer in the asker's language."""
