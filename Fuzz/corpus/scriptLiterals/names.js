'use strict'; const o = { "abcd": 1, "efgh"() {} }; return"wxyz" + 'tail
' + "ƒ";
