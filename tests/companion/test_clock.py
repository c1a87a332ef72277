from companion.table.clock import Clock, ClockWant


def test_a_new_period_starts_with_its_full_length_and_runs_when_wanted():
    clock = Clock().follow(ClockWant("half-1", 600, running=True), now=1000.0)
    assert clock.running
    assert clock.left(1000.0) == 600
    assert clock.left(1100.0) == 500


def test_pausing_keeps_the_time_left_and_resuming_continues_from_it():
    clock = Clock().follow(ClockWant("half-1", 600, True), now=0.0)
    paused = clock.follow(ClockWant("half-1", 600, False), now=100.0)
    assert not paused.running and paused.left(5000.0) == 500
    resumed = paused.follow(ClockWant("half-1", 600, True), now=5000.0)
    assert resumed.left(5100.0) == 400


def test_clock_is_due_only_once_its_deadline_has_passed():
    clock = Clock().follow(ClockWant("round", 90, True), now=0.0)
    assert not clock.is_due(89.9)
    assert clock.is_due(90.0)


def test_expired_clock_does_not_restart_in_the_same_period():
    clock = Clock().follow(ClockWant("round", 90, True), now=0.0).expire()
    again = clock.follow(ClockWant("round", 90, True), now=200.0)
    assert not again.running and again.expired and again.left(300.0) == 0


def test_a_new_period_after_expiry_gets_a_fresh_clock():
    clock = Clock().follow(ClockWant("half-1", 600, True), now=0.0).expire()
    second = clock.follow(ClockWant("half-2", 600, False), now=700.0)
    assert second.period == "half-2" and not second.expired and second.left(900.0) == 600


def test_a_held_clock_stays_paused_until_released():
    clock = Clock().follow(ClockWant("half-1", 600, True), now=0.0).hold(now=60.0)
    assert not clock.follow(ClockWant("half-1", 600, True), now=120.0).running
    released = clock.release().follow(ClockWant("half-1", 600, True), now=120.0)
    assert released.running and released.left(120.0) == 540


def test_no_wanted_clock_clears_it():
    clock = Clock().follow(ClockWant("half-1", 600, True), now=0.0)
    assert not clock.follow(None, now=1.0).active


def test_clock_round_trips_through_a_dict():
    clock = Clock().follow(ClockWant("half-1", 600, True), now=12.5).hold(now=20.0)
    assert Clock.from_dict(clock.to_dict()) == clock


GUESSING = ClockWant("half-1", 600, running=True)
DECEIVING = ClockWant("half-1", 600, running=False)  # Fiction: a guess pauses the clock until its clues are shared


def test_undo_gives_back_the_time_run_since_the_move_and_the_pause_the_move_ended():
    at_guess = Clock().follow(GUESSING, now=0.0).follow(DECEIVING, now=17.0)  # 9:43 left, paused
    before_share = at_guess.pause(30.0)  # as the table keeps it for the share
    after_share = at_guess.follow(GUESSING, now=30.0)  # running again
    undone = after_share.undone(before_share).follow(DECEIVING, now=43.0)  # 13 s later
    assert undone.left(43.0) == 583 and not undone.running
    assert undone.left(500.0) == 583


def test_undo_runs_the_clock_again_when_the_move_had_stopped_it():
    running = Clock().follow(GUESSING, now=0.0)
    before_guess = running.pause(100.0)  # 8:20 left, running until the guess
    after_guess = running.follow(DECEIVING, now=100.0)
    undone = after_guess.undone(before_guess).follow(GUESSING, now=160.0)
    assert undone.running and undone.left(160.0) == 500 and undone.left(170.0) == 490


def test_undo_keeps_a_pause_the_host_made_since_the_move_but_gives_back_the_time():
    running = Clock().follow(GUESSING, now=0.0)
    before_guess = running.pause(100.0)
    held = running.follow(DECEIVING, now=100.0).hold(now=120.0)
    undone = held.undone(before_guess).follow(GUESSING, now=200.0)
    assert undone.held and not undone.running and undone.left(300.0) == 500


def test_undo_runs_a_clock_the_host_held_before_the_move_and_released_since():
    held_then = Clock().follow(GUESSING, now=0.0).hold(now=50.0)  # 9:10 left, held by the host
    after_guess = held_then.follow(DECEIVING, now=80.0).release().follow(DECEIVING, now=90.0)
    undone = after_guess.undone(held_then).follow(GUESSING, now=100.0)
    assert not undone.held and undone.running and undone.left(100.0) == 550
