// cubejs_check.js - replays a cubing corpus (N = 3) with the npm package
// cubejs and prints every case's six faces in puzzlebench's "show all"
// format, as an independent cross-check of the cubing kernel.
// Usage: node cubejs_check.js CUBEJS_DIR CORPUS
// cubejs's asString() lists the faces U, R, F, D, L, B, each in
// Kociemba's facelet order (puzzlebench's layout), each sticker named by
// the face whose colour it shows.
'use strict';
const fs = require('fs');
const path = require('path');
const Cube = require(path.resolve(process.argv[2], 'node_modules', 'cubejs'));

const colour = { U: 'w', D: 'y', F: 'r', B: 'o', L: 'g', R: 'b' };
const offset = { U: 0, R: 9, F: 18, D: 27, L: 36, B: 45 };

const tokens = fs.readFileSync(process.argv[3], 'utf8')
    .split('\n').filter((l) => !l.startsWith('#')).join(' ')
    .split(/\s+/).filter((t) => t.length > 0);
let at = 0;
const cases = Number(tokens[at++]);
const out = [];
for (let c = 0; c < cases; c++) {
    while (tokens[at] === 'show' || tokens[at] === 'cube') at += 2;
    const n = Number(tokens[at++]);
    const cube = new Cube();
    const moves = [];
    for (let j = 0; j < n; j++) {
        const t = tokens[at++];
        moves.push(t[1] === '+' ? t[0] : t[0] + "'");
    }
    if (moves.length) cube.move(moves.join(' '));
    const s = cube.asString();
    for (const face of ['U', 'D', 'F', 'B', 'L', 'R']) {
        out.push(face);
        for (let r = 0; r < 3; r++) {
            let row = '';
            for (let k = 0; k < 3; k++) row += colour[s[offset[face] + 3 * r + k]];
            out.push(row);
        }
    }
}
process.stdout.write(out.join('\n') + '\n');
