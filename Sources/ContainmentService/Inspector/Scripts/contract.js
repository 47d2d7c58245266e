'use strict';
// The contract panel: openapi.yaml as served.

/** The operations of /openapi.yaml (path, method, summary, description), read from its
 *  indentation without a YAML library. */
function contractOperations(text) {
  const paths = text.slice(text.indexOf('\npaths:\n'), text.indexOf('\ncomponents:\n'));
  const operations = [];
  for (const [, path, block] of paths.matchAll(/^ {2}(\/\S*):\n((?: {4}.*\n|\n)*)/gm)) {
    for (const [, method, body] of block.matchAll(/^ {4}(get|post|patch|delete):\n((?: {6}.*\n|\n)*)/gm)) {
      const field = (name) => {
        const match = new RegExp(`^ {6}${name}: *(.*)\\n((?: {8}.*\\n|\\n)*)`, 'm').exec(body);
        return match ? (/^[|>]/.test(match[1]) ? match[2] : match[1]).replace(/\s+/g, ' ').trim() : '';
      };
      operations.push({ path, method: method.toUpperCase(), summary: field('summary'), description: field('description') });
    }
  }
  return operations;
}

async function loadContract() {
  const body = $('#contract-body');
  try {
    const operations = contractOperations(await (await fetch('/openapi.yaml')).text());
    body.replaceChildren(...operations.map((item) => {
      const entry = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = `${item.method} ${item.path} — ${item.summary}`;
      const description = document.createElement('p');
      description.className = 'small';
      description.textContent = item.description || '(no description)';
      entry.append(summary, description);
      return entry;
    }));
  } catch (error) { body.textContent = `Could not load the contract: ${error.message}`; }
}
