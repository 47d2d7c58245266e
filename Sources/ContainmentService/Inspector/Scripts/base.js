'use strict';
// The Containment inspector: trees, their controller hierarchy and window wireframe, and the
// lifecycle timeline, all through the public /v1 API (no other server help). The page runs the
// scripts of this folder in the order inspector.html lists them, as classic scripts sharing one
// global scope; this first one holds the helpers and the state every other reads.

const $ = (selector, root = document) => root.querySelector(selector);
const svgNS = 'http://www.w3.org/2000/svg';

const state = {
  trees: [], treeId: null, tree: null, events: new Map(), problems: [], stream: null,
  selected: null, selectedSeq: null, selectedBatch: null, refreshTimer: null, catchingUp: false,
};
