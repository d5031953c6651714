"""Norwegian (Bokmål) of the texts of /play, /pair and a game's setup page (`python -m tools.translate nb FILE`)."""

PAGE = {
    "A game created by mistake can be discarded: it leaves the lists and takes no more moves; its record is kept.":
        "Et spill som ble opprettet ved en feil, kan forkastes: det forsvinner fra listene og tar ikke imot flere "
        "trekk; protokollen beholdes.",
    "Add a player": "Legg til en spiller",
    "All games": "Alle spill",
    "Back to the game": "Tilbake til spillet",
    "Copied": "Kopiert",
    "Copy": "Kopier",
    "Correct the name": "Rett navnet",
    "Create the game": "Opprett spillet",
    "Creating the game…": "Oppretter spillet …",
    "Deal mode": "Utdeling",
    "Discard the game": "Forkast spillet",
    "Discard this game": "Forkast dette spillet",
    "Discard this game? It takes no more moves afterwards.": "Forkaste dette spillet? Det tar ikke imot flere trekk "
        "etterpå.",
    "Games on this device": "Spill på denne enheten",
    "Go to the game": "Gå til spillet",
    "Join a game": "Bli med i et spill",
    "Join a game with a pairing code": "Bli med i et spill med en paringskode",
    "Joining the game…": "Blir med i spillet …",
    "More games": "Flere spill",
    "Move down a seat": "Flytt ned en plass",
    "Move up a seat": "Flytt opp en plass",
    "Names and options can be corrected until the first cut or deal is recorded.":
        "Navn og innstillinger kan rettes til første kutt eller utdeling er ført.",
    "New code": "Ny kode",
    "New game": "Nytt spill",
    "No public games yet.": "Ingen offentlige spill ennå.",
    "None yet: games you create or join here are listed.": "Ingen ennå: spill du oppretter eller blir med i her, "
        "vises her.",
    "Options": "Innstillinger",
    "Or type this code on the phone, at /pair:": "Eller skriv denne koden på telefonen, på /pair:",
    "Pair a phone": "Koble til en telefon",
    "Pairing code (from the recorder's screen)": "Paringskode (fra skjermen til protokollføreren)",
    "Play": "Spill",
    "Player's name": "Spillerens navn",
    "Players, in seat order (clockwise)": "Spillere, i plassrekkefølge (med klokken)",
    "Public games": "Offentlige spill",
    "QR code to scan with the phone": "QR-kode som skannes med telefonen",
    "Reason (optional)": "Grunn (valgfritt)",
    "Recorder token": "Protokollførerens nøkkel",
    "Remove this player": "Fjern denne spilleren",
    "Save the corrections": "Lagre rettelsene",
    "Seats": "Plasser",
    "Setup": "Oppsett",
    "Take my seat": "Ta plassen min",
    "The code works once, until %(time)s.": "Koden virker én gang, til %(time)s.",
    "The recorder token of this game (shown only this once). Copy it and keep it somewhere safe: it is the only way "
    "to record this game from another device.":
        "Protokollførerens nøkkel for dette spillet (vises bare denne ene gangen). Kopier den og ta vare på den: "
        "den er den eneste måten å føre dette spillet fra en annen enhet på.",
    "The service could not be reached: check the connection and try again.":
        "Tjenesten kunne ikke nås: sjekk forbindelsen og prøv igjen.",
    "This game was discarded: it takes no more moves. Its record can still be read.":
        "Dette spillet er forkastet: det tar ikke imot flere trekk. Protokollen kan fortsatt leses.",
    "This page needs the recorder token of this game, kept in this tab when the game was created here.":
        "Denne siden trenger protokollførerens nøkkel for spillet, som denne fanen husker når spillet ble "
        "opprettet her.",
    "Title": "Tittel",
    "Untitled game": "Spill uten tittel",
    "Use this token": "Bruk denne nøkkelen",
    "Variant": "Variant",
    "Who reads": "Hvem som kan lese",
    "Who records": "Hvem som fører",
    "You sit as %(player)s.": "Du sitter som %(player)s.",
    "each player records his own moves on his phone": "hver spiller fører sine egne trekk på telefonen sin",
    "private: only holders of one of its tokens": "privat: bare de som har en av spillets nøkler",
    "public: listed, anyone may watch": "offentlig: listet, alle kan se på",
    "recorded: the hands are entered as dealt": "ført: hendene føres inn slik de ble delt ut",
    "shuffled: the service shuffles and deals": "stokket: tjenesten stokker og deler ut",
    "the recorder records every move": "protokollføreren fører alle trekk",
}

PROBLEM = {
    "Bet-on ace not shown yet": "Esset det er satset på er ikke vist ennå",
    "Not the count the record keeps": "Ikke antallet protokollen har",
    "Game discarded": "Spillet er forkastet",
    "Setup no longer open": "Oppsettet kan ikke lenger endres",
    "Pairing code not valid": "Paringskoden er ikke gyldig",
    "Pairing code used already": "Paringskoden er allerede brukt",
    "Pairing code expired": "Paringskoden er utløpt",
    "Discarded game not exported": "Et forkastet spill eksporteres ikke",
}
