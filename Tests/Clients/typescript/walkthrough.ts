// The start of the README's walkthrough through the TypeScript client openapi-generator's
// typescript-fetch makes from openapi.yaml with its default options, run by Node against a
// live server: a tree created by PUT, a child added, the events read back as a typed
// EventPage, the timeline and the hierarchy as text, the tree deleted.
// Usage: node walkthrough.js BASE_URL
import { Configuration, ContainmentApi, ControllersApi, EventsApi, TreesApi } from './client';
import { Clock, EventPage, TimelineFormat } from './client';

// Node's globals, declared here: no @types/node without npm.
declare const process: { argv: string[]; exit(code: number): never };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(base: string): Promise<void> {
  const configuration = new Configuration({ basePath: base });
  const trees = new TreesApi(configuration);
  const tree = 'typescript-walkthrough';

  const created = await trees.createTreeWithId({ tree, createTree: { clock: Clock.Manual, root: { id: 'root' } } });
  console.log(`== PUT /v1/trees/${tree}: ${created.events.length} events`);
  await new ControllersApi(configuration).createController({ tree, controllerSpec: { id: 'map' } });
  const added = await new ContainmentApi(configuration).addChild({ tree, parent: 'root', addChild: { child: 'map' } });
  console.log(`== add map: ${added.events.length} events`);

  const events = new EventsApi(configuration);
  const page: EventPage = await events.listEvents({ tree, after: 0 });
  const last = page.events[page.events.length - 1];
  if (page.events.length !== created.events.length + added.events.length || page.lastSeq !== last.seq) {
    fail(`list events: ${page.events.length} events, lastSeq ${page.lastSeq}`);
  }
  console.log(`== the events as a typed EventPage: ${page.events.length}, lastSeq ${page.lastSeq}`);

  const drawing: string = await events.drawEvents({ tree, format: TimelineFormat.Mermaid });
  const hierarchy: string = await trees.printHierarchy({ tree });
  if (!drawing.startsWith('sequenceDiagram\n') || !hierarchy.includes('<UIViewController map>')) {
    fail(`text forms: ${drawing} ${hierarchy}`);
  }
  console.log(`== the hierarchy as text\n${hierarchy}`);
  await trees.deleteTree({ tree });
  console.log('== done');
}

main(process.argv[2]).catch((error) => fail(`${error}`));
