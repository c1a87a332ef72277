"""An address that leads nowhere: a table's code typed as an address goes to the table; anything
else gets the app's own page with the box to type a code, never Django's bare "Not Found"."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db]


@pytest.mark.parametrize("path", ["/MFMVQM", "/mfmvqm/", "/T/MFMVQM/", "/t/mfmvqm", "/T/mfm-vqm"])
def test_a_code_typed_as_an_address_goes_to_the_table(client, path):
    response = client.get(path)
    assert response.status_code == 302 and response["Location"] == "/t/MFMVQM/"


@pytest.mark.parametrize("path", ["/nothing/here/", "/MFMVQ", "/t/MFMVQM/extra/", "/ILLOIL"])
def test_any_other_address_gets_the_apps_page_with_the_code_box(client, path):
    response = client.get(path)
    page = response.content.decode()
    assert response.status_code == 404
    assert "Nothing here" in page and 'name="code"' in page and "Liar's Table" in page
