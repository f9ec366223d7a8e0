"""/v1/competitions/{id}/arrivals, /draws, /next: the amistoso mesa."""
