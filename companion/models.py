import secrets

from django.db import models

# A table's join code is this many letters (companion.table.codes makes and reads them).
CODE_LENGTH = 6


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Table(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby", "Waiting to start"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    code = models.CharField(max_length=CODE_LENGTH, unique=True)
    game = models.CharField(max_length=20)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY)
    state = models.JSONField(null=True, blank=True)
    # The host's choices in the lobby (the game's setup form), parsed; passed to Game.start.
    setup = models.JSONField(default=dict, blank=True)
    clock = models.JSONField(default=dict, blank=True)
    # What everyone should be told about the last change (an undo), until the next one.
    notice = models.CharField(max_length=200, blank=True, default="")
    # The evening: one entry per game finished at this table (companion.table.evening.record).
    results = models.JSONField(default=list, blank=True)
    # Each game's setup as last used at this table, by game slug: a game played again starts from it.
    setups = models.JSONField(default=dict, blank=True)
    # The host ended the evening: every screen shows its summary, and nobody new sits down.
    closed = models.BooleanField(default=False)
    # The claims waiting for the host's answer, oldest first, as [{"claim": id, "seat": seat id}]:
    # kept on the row every change loads, so drawing the host's screen reads nothing more.
    asking = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0)
    # The seat whose change made this version, and the version its run of changes began from:
    # a request that seat drew from any version since sees the table as it left it, only with
    # its own taps applied, so it is not refused as stale. None for a join, a claim, the clock.
    changed_by = models.ForeignKey("Seat", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    own_from = models.PositiveIntegerField(default=0)
    # The version the table's last change that can change what a tap means made: a tap drawn
    # from before it is stale. A change beside the game (a phone asking for a seat, a display
    # coming or going) moves ``version``, which every screen follows, and not this.
    stale_before = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.game} table {self.code}"


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    name = models.CharField(max_length=24)
    role = models.CharField(max_length=20)
    is_host = models.BooleanField(default=False)
    # A player without a phone: the host acts for them.
    has_phone = models.BooleanField(default=True)
    # The phone pressed "Leave this table": the seat stays, and its phone can take it back.
    left = models.BooleanField(default=False)
    # The host removed the seat: it stays for the evening's standings, out of play, until the
    # host lets a phone take it back.
    removed = models.BooleanField(default=False)
    # The host sat this player out of the next game, in the lobby (a table of 8 and a game for 6):
    # the seat stays at the table but is not dealt in nor counted against the seat limit. It
    # lasts for that game; the next lobby deals everyone in again.
    sits_out = models.BooleanField(default=False)
    # Where the seat sits at the table (LIE's clockwise order): set by the host, kept, never re-derived.
    order = models.PositiveIntegerField(default=0)
    token = models.CharField(max_length=64, unique=True, default=new_token)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["order", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.role}) at {self.table.code}"


class Action(models.Model):
    """One applied change: the log behind undo and the memory that makes retries apply once."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="actions")
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=20)
    key = models.CharField(max_length=64)
    base_version = models.PositiveIntegerField()
    move = models.JSONField(default=dict)
    status_before = models.CharField(max_length=10)
    state_before = models.JSONField(null=True, blank=True)
    clock_before = models.JSONField(default=dict, blank=True)
    undoable = models.BooleanField(default=False)
    undone = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["table", "seat", "base_version", "key"])]


class SeatClaim(models.Model):
    """A phone asking to sit in a seat that is not its own (a seat left or removed, or a player
    without a phone): it waits for the host, and never reads the seat until admitted."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for the host"
        ADMITTED = "admitted", "Admitted"
        REFUSED = "refused", "Refused"
        # The seat was taken before the host answered (its own phone came back, or the host let
        # another phone in), or the phone asked for another seat instead.
        ENDED = "ended", "Ended"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="claims")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="claims")
    # What the asking phone holds (a signed cookie) to learn the answer and, once admitted, the seat.
    token = models.CharField(max_length=64, unique=True, default=new_token)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
