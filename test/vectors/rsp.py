"""Reader for the NIST CAVP .rsp format, shared by verify_vectors.py and
verify_hmac_vectors.py (rfc4231.txt uses the same layout)."""


def records(path):
    """Yield ('L', n) for an '[L = n]' section line, else ('rec', {key: value})
    for each blank-line-separated record of 'Key = value' lines.

    '#' lines are comments. Any other [section] or a line without '=' raises
    ValueError naming the file and line.
    """
    rec = {}
    with open(path, "r", encoding="ascii") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.strip()
            if line.startswith("#"):
                continue
            if not line:
                if rec:
                    yield "rec", rec
                    rec = {}
                continue
            if line.startswith("[") and line.endswith("]"):
                key, _, val = line[1:-1].partition("=")
                if key.strip() != "L":
                    raise ValueError("%s:%d: unknown section %r" % (path, lineno, line))
                yield "L", int(val)
                continue
            key, sep, val = line.partition("=")
            if not sep:
                raise ValueError("%s:%d: unparsable line %r" % (path, lineno, line))
            rec[key.strip()] = val.strip()
    if rec:
        yield "rec", rec
