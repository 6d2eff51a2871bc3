/**
 * The bag storage in a page, as the web console records: a bag written into memoryBagFiles with
 * each chunk compression and the schema of the bundled definitions, its bytes (what the user
 * downloads) read back as a bare .mcap file, and what a page cannot do (a folder on disk, the
 * installed .msg files) answered as error values. Results land in
 * `window.bagResults` for the test to read.
 */
import {
  bundledDefinitions,
  definitionFiles,
  memoryBagFiles,
  messageDefinitionFor,
  nodeBagFiles,
  openBagReader,
  openBagWriter,
  std_msgs,
} from 'rclts';

const COUNT = 20;

async function roundTrip(compression: 'none' | 'zstd' | 'lz4'): Promise<unknown> {
  const files = memoryBagFiles('web_bag');
  const writer = await openBagWriter({ files, compression });
  if (!writer.ok) return writer.error;
  const definition = messageDefinitionFor('std_msgs/msg/String', await bundledDefinitions());
  if (!definition.ok) return definition.error;
  writer.value.createTopic(
    {
      name: '/chatter',
      type: 'std_msgs/msg/String',
      serializationFormat: 'cdr',
      offeredQosProfiles: [],
      typeDescriptionHash: std_msgs.msg.String.typeHash,
    },
    definition.value,
  );
  for (let i = 0; i < COUNT; i++) {
    const r = writer.value.write('/chatter', std_msgs.msg.String.encode({ data: `web ${i}` }), 1000n + BigInt(i), 5n);
    if (!r.ok) return r.error;
  }
  const closed = await writer.value.close();
  if (!closed.ok) return closed.error;
  const download = files.contents('web_bag_0.mcap');
  if (download === undefined) return 'no web_bag_0.mcap';
  const given = memoryBagFiles('given', { 'recording.mcap': download });
  const reader = await openBagReader({ files: given });
  if (!reader.ok) return reader.error;
  const texts: string[] = [];
  for await (const m of reader.value.messages()) {
    if (!m.ok) return m.error;
    texts.push(std_msgs.msg.String.decode(m.value.data).data);
  }
  const schema = reader.value.definitionOf('/chatter');
  return {
    bytes: download.byteLength,
    texts,
    yaml: files.contents('metadata.yaml') !== undefined,
    schema: [schema?.encoding, typeof schema?.data === 'string' && schema.data.includes('string data')],
  };
}

async function main(): Promise<void> {
  const results: Record<string, unknown> = {};
  for (const c of ['none', 'zstd', 'lz4'] as const) {
    try {
      results[c] = await roundTrip(c);
    } catch (thrown) {
      results[c] = `threw: ${String(thrown)}`;
    }
  }
  const disk = await nodeBagFiles('/tmp/nope').list();
  results.disk = disk.ok ? 'listed a folder in a page' : disk.error.name;
  const installed = definitionFiles();
  results.installed = installed.ok ? 'read files in a page' : installed.error.name;
  (window as { bagResults?: unknown }).bagResults = results;
  document.getElementById('results')!.textContent = JSON.stringify(results, null, 2);
}

void main();
