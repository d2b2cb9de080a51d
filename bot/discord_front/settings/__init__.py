"""/tne settings: the clock, reminders and the server language, with their texts."""
