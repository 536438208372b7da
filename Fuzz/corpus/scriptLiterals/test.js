pm.test("json", () => pm.expect(pm.response.json().args.i).to.equal("0001"));
pm.environment.set("seen", `a ${f("abcdef", { k: "ghij" })} b` + 12345 / 2);
