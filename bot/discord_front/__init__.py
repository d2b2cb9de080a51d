"""The Discord front end: the /tne commands, buttons, answers and the channel's announcements."""
