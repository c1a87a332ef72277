"""`make party`: the address phones can reach, the settings it serves with, and what it prints."""

from __future__ import annotations

import stat

import pytest
import zxingcpp
from PIL import Image

from companion.web import network, party

HOME = {
    "lo": ["127.0.0.1"],
    "docker0": ["172.17.0.1"],
    "br-5f2a": ["172.18.0.1"],
    "veth12ab": ["169.254.3.4"],
    "tailscale0": ["100.101.102.103"],
    "wg0": ["10.8.0.2"],
    "wlp2s0": ["192.168.1.20"],
    "enp3s0": [],
}


def test_the_home_wifi_address_is_chosen_over_loopback_bridges_and_vpns():
    assert network.choose(HOME) == network.Address("wlp2s0", "192.168.1.20")


def test_an_office_network_comes_before_the_range_container_bridges_use():
    found = {"eth0": ["172.20.4.9"], "eth1": ["10.1.2.3"], "docker0": ["172.17.0.1"]}
    assert network.choose(found) == network.Address("eth1", "10.1.2.3")
    assert network.candidates(found) == [network.Address("eth1", "10.1.2.3"), network.Address("eth0", "172.20.4.9")]


def test_no_private_address_means_no_party_address():
    assert network.choose({"lo": ["127.0.0.1"], "eth0": ["192.0.2.2"], "eth1": ["169.254.1.1"]}) is None


@pytest.mark.parametrize("wanted, expected", [
    ("docker0", network.Address("docker0", "172.17.0.1")),
    ("10.8.0.2", network.Address("wg0", "10.8.0.2")),
])
def test_the_host_chooses_the_interface_by_name_or_address(wanted, expected):
    assert network.choose(HOME, wanted) == expected


def test_an_unknown_choice_names_what_this_machine_has():
    with pytest.raises(LookupError, match=r"wlp2s0 \(192\.168\.1\.20\)"):
        network.choose(HOME, "eth9")


def test_this_machines_own_interfaces_are_read_without_a_connection():
    found = network.interfaces()
    assert "127.0.0.1" in [ip for ips in found.values() for ip in ips]


def test_the_party_runs_in_the_checkout_beside_manage_py():
    assert (party.ROOT / "manage.py").is_file()
    assert party.VAR == party.ROOT / "var"


def test_a_party_serves_as_production_does_on_the_chosen_address(tmp_path):
    env = party.environment({"PATH": "/usr/bin"}, network.Address("wlp2s0", "192.168.1.20"), 8000, tmp_path)
    assert env["DEBUG"] == "0"
    assert env["PUBLIC_URL"] == "http://192.168.1.20:8000"
    assert env["ALLOWED_HOSTS"] == "192.168.1.20,localhost,127.0.0.1"
    assert env["SECURE_COOKIES"] == "0"
    assert env["STATIC_ROOT"] == str(tmp_path / "static")
    assert len(env["SECRET_KEY"]) >= 50


def test_the_secret_key_is_made_once_and_kept_private(tmp_path):
    first = party.secret_key(tmp_path)
    assert party.secret_key(tmp_path) == first
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600


def test_a_configured_public_address_and_key_are_kept(tmp_path):
    base = {"PUBLIC_URL": "https://table.example.org", "SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": "extra.example"}
    env = party.environment(base, network.Address("wlp2s0", "192.168.1.20"), 8000, tmp_path)
    assert env["PUBLIC_URL"] == "https://table.example.org"
    assert env["SECRET_KEY"] == "k" * 50
    assert env["ALLOWED_HOSTS"] == "table.example.org,extra.example,localhost,127.0.0.1"
    assert not (tmp_path / "secret_key").exists()


def decode_terminal_qr(text: str) -> str:
    """Read the block drawing back into modules and decode it as a phone's camera would."""
    halves = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}  # light modules
    rows: list[list[bool]] = []
    for line in text.splitlines():
        rows += [[halves[c][0] for c in line], [halves[c][1] for c in line]]
    scale = 8
    image = Image.new("L", (len(rows[0]) * scale, len(rows) * scale))
    image.putdata([255 if rows[y // scale][x // scale] else 0
                   for y in range(image.height) for x in range(image.width)])
    found = zxingcpp.read_barcodes(image)
    assert found, "the terminal QR code does not decode"
    return found[0].text


def test_the_party_prints_the_address_and_a_qr_code_for_it(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(party, "VAR", tmp_path)
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    assert party.main(["--dry-run", "--port", "8123"], found=HOME) == 0
    out = capsys.readouterr().out
    assert "Open http://192.168.1.20:8123" in out
    assert "Serving on wlp2s0 (192.168.1.20)." in out
    drawing = "\n".join(line for line in out.splitlines() if line and set(line) <= set("█▀▄ "))
    assert decode_terminal_qr(drawing) == "http://192.168.1.20:8123"


def test_without_a_local_network_the_party_says_phones_cannot_reach_it(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(party, "VAR", tmp_path)
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    assert party.main(["--dry-run"], found={"lo": ["127.0.0.1"]}) == 0
    out = capsys.readouterr().out
    assert "No local-network address found" in out
    # No code for phones to scan (it would open 127.0.0.1 on each phone), and no word of one.
    assert "scan" not in out and not any(line and set(line) <= set("█▀▄ ") for line in out.splitlines())


def test_an_unknown_interface_stops_the_party_with_the_choices(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(party, "VAR", tmp_path)
    assert party.main(["--dry-run", "--interface", "eth9"], found=HOME) == 2
    assert "wlp2s0 (192.168.1.20)" in capsys.readouterr().err


def test_a_machine_with_no_private_address_names_the_one_it_left_out_and_how_to_pick_it(capsys, monkeypatch,
                                                                                       tmp_path):
    monkeypatch.setattr(party, "VAR", tmp_path)
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    assert party.main(["--dry-run"], found={"lo": ["127.0.0.1"], "eth0": ["192.0.2.2"]}) == 0
    out = capsys.readouterr().out
    assert "No local-network address found" in out
    assert "Left out: eth0 (192.0.2.2, not a private-range address)." in out
    assert "make party PARTY_INTERFACE=<name>" in out


def test_the_party_names_the_bridges_and_vpns_it_left_out_but_not_loopback(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(party, "VAR", tmp_path)
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    assert party.main(["--dry-run"], found=HOME) == 0
    left_out = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("Left out: "))
    assert left_out == ("Left out: br-5f2a (172.18.0.1, a bridge or VPN), docker0 (172.17.0.1, a bridge or VPN), "
                        "tailscale0 (100.101.102.103, a bridge or VPN), veth12ab (169.254.3.4, a bridge or VPN), "
                        "wg0 (10.8.0.2, a bridge or VPN).")
