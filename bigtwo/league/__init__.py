"""The league: tournament standings and tallies, seasons' ratings and tables, and seating
draws, computed from stored reports."""
