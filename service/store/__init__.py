"""Where the service remembers: the event store on PostgreSQL, the hash chain, the
database roles and migrations, the embedded server, and the caches of games and players."""
