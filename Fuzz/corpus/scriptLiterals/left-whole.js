const r = /"abcdef"[/"]/g; if (x) /"y"/.test(z); class A { "b" = 1 }
