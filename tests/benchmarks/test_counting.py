"""The benches count renders themselves, around the app, and the app keeps no counter for them."""

import counting
import pytest

from companion.live import broadcast
from tests.companion.test_render import played

pytestmark = pytest.mark.django_db


def test_a_push_counts_one_render_per_group_of_seats_that_see_the_same():
    for label, table, seats, game, state in played("fiction/scripted_largest"):
        if label != "start":
            break
    table.state = state.to_dict()
    table.save()

    with counting.renders() as drawn:
        broadcast.push_table(table.pk, table=table, seats=seats)

    groups = {broadcast.group_of(game, table.pk, seat) for seat in seats}
    assert len(groups) < len(seats)  # Fiction's Guessers are one audience
    assert drawn.n == len(groups)


def test_the_app_keeps_no_counter_that_only_the_bench_reads():
    assert not hasattr(broadcast, "renders")
