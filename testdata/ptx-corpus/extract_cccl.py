#!/usr/bin/env python3
"""Writes cccl-ptx-forms.ptx: every inline-asm instruction string of
NVIDIA/cccl's cuda::ptx bindings (libcudacxx/include/cuda/__ptx/
instructions/generated/*.h, tcgen05 files left out), one `{ }` block per
distinct string after a `// FILE.h` comment, inside one kernel after its
`ret;`. Operands `%N` become registers of the kind the asm constraint names
("r" %r1, "l" %rd1, "h" %h1, "b" %p1, "f" %f1, "n" the constant 1), and
`%%` a `%`.

Usage: extract_cccl.py DIR_WITH_THE_HEADERS > cccl-ptx-forms.ptx
"""
import glob
import os
import re
import sys

KIND = {"r": "%r1", "l": "%rd1", "h": "%h1", "n": "1", "b": "%p1", "f": "%f1"}


def strings(s, i):
    """The concatenated string literals from s[i:], and where they end."""
    parts = []
    while True:
        while s[i] in " \n\t":
            i += 1
        if s[i] != '"':
            return "".join(parts), i
        j = i + 1
        while s[j] != '"':
            j += 2 if s[j] == "\\" else 1
        parts.append(s[i + 1 : j])
        i = j + 1


def main(d):
    seen, out = set(), []
    for f in sorted(glob.glob(os.path.join(d, "*.h"))):
        if "tcgen05" in f:
            continue
        s = open(f).read()
        for m in re.finditer(r"\basm\s*(?:volatile\s*)?\(", s):
            txt, i = strings(s, m.end())
            txt = txt.encode().decode("unicode_escape")
            if not txt.strip():
                continue
            depth, k = 1, i
            while depth and k < len(s):
                depth += {"(": 1, ")": -1}.get(s[k], 0)
                k += 1
            cons = re.findall(r'"=?\+?([rlhnbf])"', s[i:k])
            lines = [re.sub(r"//.*", "", l).strip() for l in txt.split("\n")]
            body = "\n".join(l for l in lines if l)
            body = re.sub(
                r"%(\d+)",
                lambda mm: KIND[cons[int(mm.group(1))]] if int(mm.group(1)) < len(cons) else "%rd1",
                body,
            )
            # An asm template with operands writes a literal `%` as `%%`
            # (`mov.u32 %0, %%tid.x;`).
            body = body.replace("%%", "%")
            if body not in seen:
                seen.add(body)
                out.append((os.path.basename(f), body))
    print("// Derived from NVIDIA/cccl (Apache-2.0 WITH LLVM-exception), commit")
    print("// 571f2fc3bc53cd710e306ad43d58995c1fe4219f: the instruction strings of")
    print("// libcudacxx/include/cuda/__ptx/instructions/generated/*.h, written by")
    print("// testdata/ptx-corpus/extract_cccl.py (see README.md there).")
    print(".version 9.2\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{")
    print(".reg .pred %p<4>;\n.reg .b16 %h<4>;\n.reg .b32 %r<4>;\n.reg .f32 %f<4>;\n.reg .b64 %rd<4>;\nret;")
    for f, b in out:
        print(f"// {f}\n{{\n{b}\n}}")
    print("}")


main(sys.argv[1])
