"""The address on this machine that phones on the same Wi-Fi can reach.

Read from the machine's own interfaces (psutil), never by sending anything: a party is often
on a network with no way out, and the answer must not depend on one.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

# Interfaces a phone on the home network cannot reach: container and VM bridges, and VPNs.
UNREACHABLE = ("lo", "docker", "br-", "veth", "virbr", "vnet", "lxc", "lxd", "cni", "flannel", "podman",
               "vboxnet", "vmnet", "tun", "tap", "wg", "tailscale", "zt", "utun", "awdl", "llw")

# Home routers hand out 192.168.x.x most often, offices 10.x.x.x; 172.16-31.x.x is also what
# container bridges use, so it comes last.
PREFERRED = [ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")]


@dataclass(frozen=True)
class Address:
    interface: str
    ip: str


def interfaces() -> dict[str, list[str]]:
    """This machine's IPv4 addresses by interface name."""
    import psutil

    return {name: [a.address for a in addrs if a.family == socket.AF_INET]
            for name, addrs in psutil.net_if_addrs().items()}


def _rank(address: Address) -> tuple[int, str] | None:
    """Where an address stands among those a phone could reach (lower is better), or None."""
    if address.interface.lower().startswith(UNREACHABLE):
        return None
    try:
        ip = ipaddress.IPv4Address(address.ip)
    except ValueError:
        return None
    for place, network in enumerate(PREFERRED):
        if ip in network:
            return place, address.interface
    return None


def candidates(found: dict[str, list[str]]) -> list[Address]:
    """Every private-network address a phone could reach, the likeliest first."""
    addresses = [Address(name, ip) for name, ips in found.items() for ip in ips]
    ranked = [(rank, a) for a in addresses if (rank := _rank(a)) is not None]
    return [a for _, a in sorted(ranked, key=lambda pair: pair[0])]


def passed_over(found: dict[str, list[str]]) -> list[tuple[Address, str]]:
    """Every address a party does not offer phones, loopback aside, each with why, so that the
    host whose Wi-Fi is among them can pick it."""
    skipped = []
    for name, ips in sorted(found.items()):
        for ip in ips:
            address = Address(name, ip)
            if _rank(address) is not None or _loopback(ip):
                continue
            why = "a bridge or VPN" if name.lower().startswith(UNREACHABLE) else "not a private-range address"
            skipped.append((address, why))
    return skipped


def _loopback(ip: str) -> bool:
    try:
        return ipaddress.IPv4Address(ip).is_loopback
    except ValueError:
        return False


def choose(found: dict[str, list[str]], wanted: str = "") -> Address | None:
    """The address to serve a party on: ``wanted`` (an interface name or one of its addresses)
    if given, else the likeliest private-network one; None if there is none."""
    if wanted:
        for name, ips in found.items():
            if wanted == name and ips:
                return Address(name, ips[0])
            if wanted in ips:
                return Address(name, wanted)
        known = ", ".join(f"{name} ({', '.join(ips)})" for name, ips in sorted(found.items()) if ips)
        raise LookupError(f"No interface or address {wanted!r} here. This machine has: {known}.")
    found_here = candidates(found)
    return found_here[0] if found_here else None
