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


# GET /variants' option descriptions, as the pages show them.
OPTION = {
    "52-card packs: 1 for 2-4 players, 2 for 5-8 (one pack is refused for 5+)":
        "kortstokker à 52 kort: 1 for 2-4 spillere, 2 for 5-8 (én kortstokk avvises for 5 eller flere)",
    "what each player pays into the pot before the game, in minor units":
        "det hver spiller betaler i potten før spillet, i minste myntenhet (øre)",
    "what each opponent still in pays the winner of a hand, in minor units":
        "det hver motspiller som fortsatt er med betaler vinneren av en runde, i minste myntenhet (øre)",
    "pot_share: the pot over the players staying in, rounded up; buy_in":
        "pot_share: potten delt på spillerne som blir med, rundet opp; buy_in",
    "a hand is void when its stock runs out after this many rebuilds (0: no limit). Default by deal mode: 0 in "
    "recorded games (the service never voids a real table's hand; the recorder calls a hand off with call_off), "
    "3 in shuffled games":
        "en runde annulleres når bunken går tom etter så mange nye bunker (0: ingen grense). Standard etter "
        "giverform: 0 i førte spill (tjenesten annullerer aldri en runde ved et ekte bord; protokollføreren "
        "avbryter en runde med call_off), 3 i stokkede spill",
    "whether the 99 rule measures the hand after or before the discard":
        "om 99-regelen måler hånden etter eller før kastet",
    "an abandoned game (the players leave): pot_shared: the pot shared equally among the players still in; "
    "buy_ins_returned: every player's buy-in back, the rest (re-enlistment fees) shared among those still in":
        "et avbrutt spill (spillerne går): pot_shared: potten deles likt mellom spillerne som fortsatt er med; "
        "buy_ins_returned: hver spiller får innskuddet tilbake, resten (avgifter for å gå inn igjen) deles mellom "
        "dem som fortsatt er med",
    "what a deuce left in hand counts against its holder":
        "hva en toer igjen på hånden teller mot den som har den",
    "the first dealer, from a linked earlier game (its loser); else a cut":
        "første giver, fra et tidligere koblet spill (taperen der); ellers ved trekning",
    "an abandoned game (the players leave): the scores stand as they are; no_winner, or leader_wins: the player "
    "ahead wins (level scores: nobody)":
        "et avbrutt spill (spillerne går): poengene står som de er; no_winner, eller leader_wins: spilleren som "
        "leder vinner (likt: ingen)",
    "the chips the banker hands each player at the start":
        "sjetongene banken gir hver spiller ved start",
    "what each player puts on every board space each deal":
        "det hver spiller legger på hvert felt på brettet hver giv",
    "aces high or low in the rummy hand (in poker they are always high)":
        "ess høye eller lave i rummyrunden (i poker er de alltid høye)",
    "the dealer may bet on a corner ace each deal":
        "giveren kan satse på et hjørne-ess hver giv",
    "play the poker hand before the rummy hand":
        "spill pokerrunden før rummyrunden",
    "A-2-3-4-5 is the lowest straight (false: aces strictly high)":
        "A-2-3-4-5 er den laveste straighten (false: ess alltid høye)",
    "losers also pay the first player out 1 unit per card held":
        "taperne betaler også den første som går ut 1 enhet per kort på hånden",
    "chips left on the board at the end: banker keeps them, or split":
        "sjetonger igjen på brettet til slutt: banken beholder dem, eller de deles",
    "the board layout: a list of spaces (default: the nine Tripoley spaces)":
        "brettets oppsett: en liste med felt (standard: de ni Tripoley-feltene)",
}
