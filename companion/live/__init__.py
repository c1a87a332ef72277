"""The live sync: the socket each open page holds, the push after a change, drawing each seat's
regions, and who is here."""
