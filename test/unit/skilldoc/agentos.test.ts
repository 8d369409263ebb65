import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { skilldocFile } from '../../../src/dialects/skilldoc/index.js';
import { brief, loadDoc, onlySkill, partsOf } from '../../helpers/skilldoc.js';
import { diskFiles } from '../../../src/ir/disk-files.js';

const DATA_ANALYZER = 'test/fixtures/skilldoc/data_analyzer.SKILL.md';

test("the spec's data_analyzer example gives exactly the spec's summary view", async () => {
  const result = skilldocFile.loadFile(DATA_ANALYZER, readFileSync(DATA_ANALYZER, 'utf8'), diskFiles);
  assert.deepEqual(result.diagnostics, []);
  const skill = onlySkill(result);
  assert.deepEqual(
    [skill.id, skill.version, skill.description, skill.dialect],
    ['data_analyzer', '1.0.1', 'Analyzes CSV data and generates charts.', 'skilldoc'],
  );
  assert.equal(skill.graph, undefined);
  assert.equal(
    skill.doc.summary,
    [
      '# Data Analyzer Skill',
      '',
      '## Overview',
      'This skill takes a CSV file path and a query, analyzes the data using pandas, and produces a chart.',
      '',
      '## Interface',
      '- **Input**:',
      '  - `filepath` (str): Path to the CSV file.',
      '  - `query` (str): Analysis question.',
      '- **Output**:',
      '  - `summary` (str): Textual analysis.',
      '  - `chart_path` (str): Path to the generated image.',
      '',
      '[Available Chunks]',
      '- examples: 3 examples of different analysis types',
      '- limitations: Known constraints and edge cases',
    ].join('\n'),
  );
  const parts = await partsOf(skill);
  assert.deepEqual(
    parts.map((p) => [p.id, p.kind]),
    [
      ['examples', 'chunk'],
      ['limitations', 'chunk'],
    ],
  );
  assert.equal(
    parts[1].text,
    '## Limitations\n- Only supports UTF-8 encoded CSVs.\n- Maximum file size: 100MB.',
  );
  assert.ok(parts[0].text.startsWith('## Examples\n\n### Example 1: Trend Analysis\nInput: ...'));
  assert.ok(skill.doc.body.startsWith('# Data Analyzer Skill') && skill.doc.body.endsWith('</chunk>'));
});

test('the AgentOS test fixture: core without chunks, chunk contents trimmed, missing core sections are warnings', async () => {
  const text =
    '---\nname: test_skill\ndescription: A test skill\n---\n\n# Test Skill\nCore content here.\n\n<chunk id="chunk1" description="Chunk 1 Description">\nChunk 1 Content\n</chunk>\n\n<chunk id="chunk2" description="Chunk 2 Description">\nChunk 2 Content\n</chunk>\n';
  const result = loadDoc(text);
  assert.deepEqual(brief(result.diagnostics), [
    '5:1 warning skilldoc/missing-section',
    '5:1 warning skilldoc/missing-section',
  ]);
  assert.match(result.diagnostics[0].message, /no overview section; add "## Overview"/);
  const skill = onlySkill(result);
  assert.equal(skill.version, '1.0.0');
  assert.equal(
    skill.doc.summary,
    '# Test Skill\nCore content here.\n\n[Available Chunks]\n- chunk1: Chunk 1 Description\n- chunk2: Chunk 2 Description',
  );
  assert.deepEqual(
    (await partsOf(skill)).map((p) => p.text),
    ['Chunk 1 Content', 'Chunk 2 Content'],
  );
});

const CORE = '# T\n\n## Overview\nO.\n\n## Interface\nI.\n';

test('CRLF files, attributes in any order and either quote style, chunks in the middle of the core', async () => {
  const text = [
    '---',
    'name: crlf_doc',
    'version: "2.0.0"',
    'description: Uses CRLF line ends.',
    '---',
    '# T',
    '',
    '## Overview',
    'O.',
    '',
    "<chunk description='Reversed attributes' id='first'>",
    'First.',
    '</chunk>',
    '',
    '## Interface',
    'I.',
    '<chunk id="second" description="Has a &quot;quote&quot; &amp; more">Inline.</chunk>',
    'After.',
  ].join('\r\n');
  const result = loadDoc(text);
  assert.deepEqual(result.diagnostics, []);
  const skill = onlySkill(result);
  assert.equal(skill.version, '2.0.0');
  assert.equal(
    skill.doc.summary,
    '# T\n\n## Overview\nO.\n\n## Interface\nI.\n\nAfter.\n\n[Available Chunks]\n- first: Reversed attributes\n- second: Has a "quote" & more',
  );
  assert.deepEqual(
    (await partsOf(skill)).map((p) => p.text),
    ['First.', 'Inline.'],
  );
  assert.ok(!skill.doc.body.includes('\r'));
});

test('a nested chunk is an error at its position, naming the outer chunk', () => {
  const text = `---\nname: n\ndescription: d\n---\n${CORE}\n<chunk id="outer" description="o">\ntext\n  <chunk id="inner" description="i">\nx\n</chunk>\n</chunk>\n`;
  const result = loadDoc(text);
  assert.equal(result.skills.length, 0);
  assert.deepEqual(brief(result.diagnostics), [
    '15:3 error skilldoc/nested-chunk',
    '18:1 error skilldoc/stray-chunk-close',
  ]);
  assert.match(
    result.diagnostics[0].message,
    /inside chunk "outer" \(opened at line 13\); chunks cannot nest/,
  );
});

test('an unclosed chunk is an error at its open tag; a never-closed fence is named as the cause', () => {
  const plain = loadDoc(
    `---\nname: n\ndescription: d\n---\n${CORE}\n<chunk id="tail" description="t">\ntext\n`,
  );
  assert.deepEqual(brief(plain.diagnostics), ['13:1 error skilldoc/unclosed-chunk']);
  assert.match(plain.diagnostics[0].message, /chunk "tail" is never closed; end it with a line <\/chunk>/);
  const fenced = loadDoc(
    `---\nname: n\ndescription: d\n---\n${CORE}\n<chunk id="code" description="c">\n\`\`\`python\nprint(1)\n</chunk>\n`,
  );
  assert.deepEqual(brief(fenced.diagnostics), ['13:1 error skilldoc/unclosed-chunk']);
  assert.match(fenced.diagnostics[0].message, /a code fence opened at line 14 is never closed/);
});

test('chunk tags and headings inside fenced code are text; a </chunk> inside prose does not close', async () => {
  const text = `---\nname: n\ndescription: d\n---\n${CORE}\n\`\`\`xml\n<chunk id="example" description="in a fence">\n</chunk>\n\`\`\`\n\n<chunk id="real" description="r">\nWrite \`</chunk>\` to end a chunk.\n</chunk>\n`;
  const skill = onlySkill(loadDoc(text));
  assert.deepEqual(
    skill.doc.parts.map((p) => p.id),
    ['real'],
  );
  assert.equal(await skill.doc.parts[0].load(), 'Write `</chunk>` to end a chunk.');
  assert.ok(skill.doc.summary.includes('<chunk id="example" description="in a fence">'));
});

test('bad chunk tags: no id, an id with spaces, duplicate ids, a valueless attribute, no ">"; a missing description warns', () => {
  const result = loadDoc(
    [
      '---\nname: n\ndescription: d\n---',
      CORE,
      '<chunk description="no id">\nx\n</chunk>',
      '<chunk id="two words" description="d">\nx\n</chunk>',
      '<chunk id="a" description="d">\nx\n</chunk>',
      '<chunk id="a" description="again">\nx\n</chunk>',
      '<chunk id="b" hidden>\nx\n</chunk>',
      '<chunk id="c" description="unfinished"\nx\n</chunk>',
      '<chunk id=d extra="1">\nx\n</chunk>',
    ].join('\n'),
  );
  assert.deepEqual(brief(result.diagnostics), [
    '13:1 error skilldoc/missing-chunk-id',
    '16:12 error skilldoc/bad-chunk-id',
    '22:1 error skilldoc/duplicate-chunk',
    '25:15 error skilldoc/bad-chunk-tag',
    '28:1 error skilldoc/bad-chunk-tag',
    '30:1 error skilldoc/stray-chunk-close',
    '31:11 warning skilldoc/unquoted-attribute',
    '31:13 warning skilldoc/unknown-chunk-attribute',
    '31:1 warning skilldoc/missing-chunk-description',
  ]);
  assert.match(result.diagnostics[1].message, /"two words" contains spaces/);
});

test('frontmatter: real YAML errors at their position; an unquoted ": " is read with a warning; a missing description takes AgentOS\'s default', () => {
  const broken = loadDoc('---\nname: n\ndescription: d\nlist: [a, b\n---\n# T\n');
  assert.equal(broken.skills.length, 0);
  assert.equal(broken.diagnostics[0].code, 'skilldoc/yaml');
  assert.equal(broken.diagnostics[0].line, 5);

  const colon = loadDoc(`---\nname: n\ndescription: Use this when: the user asks\n---\n${CORE}`);
  assert.deepEqual(brief(colon.diagnostics), ['3:14 warning skilldoc/unquoted-colon']);
  assert.equal(onlySkill(colon).description, 'Use this when: the user asks');

  const missing = loadDoc(`---\nname: n\ndescription: ""\n---\n${CORE}`);
  assert.deepEqual(brief(missing.diagnostics), ['3:14 warning skilldoc/missing-description']);
  assert.equal(onlySkill(missing).description, 'No description provided');

  const list = skilldocFile.loadFile('x.md', `---\n- a\n- b\n---\n${CORE}`, diskFiles);
  assert.deepEqual(brief(list.diagnostics), ['2:1 error skilldoc/bad-frontmatter']);
});

// A fuzz finding: `name: jina` + 500,000 spaces took minutes (two frontmatter patterns backtracked over
// the run once per position); this test took 23 s before the fix, 60 ms after.
test('frontmatter lines with long runs of spaces load in linear time, with the same values', () => {
  const run = ' '.repeat(60_000);
  const result = loadDoc(
    `---\nname: n\ndescription: Reads a: b${run}c${run}\nlicense: MIT${run}or BSD\n---\n${CORE}`,
  );
  assert.deepEqual(brief(result.diagnostics), ['3:14 warning skilldoc/unquoted-colon']);
  assert.equal(onlySkill(result).description, `Reads a: b${run}c`);
  const ending = loadDoc(`---\nname: n\ndescription: Reads b:   \n---\n${CORE}`);
  assert.equal(onlySkill(ending).description, 'Reads b:');
});

test('version: as written (1.0 stays "1.0"), with a warning when it is not semantic', () => {
  const result = loadDoc(`---\nname: n\nversion: 1.0\ndescription: d\n---\n${CORE}`);
  assert.deepEqual(brief(result.diagnostics), ['3:10 warning skilldoc/bad-version']);
  assert.equal(onlySkill(result).version, '1.0');
});

test('a required section hidden inside a chunk is named', () => {
  const result = loadDoc(
    '---\nname: n\ndescription: d\n---\n# T\n\n## Overview\nO.\n\n<chunk id="api" description="a">\n## Interface\nI.\n</chunk>\n',
  );
  assert.deepEqual(brief(result.diagnostics), ['11:1 warning skilldoc/missing-section']);
  assert.match(
    result.diagnostics[0].message,
    /inside chunk "api", so the agent does not see it until it loads the chunk/,
  );
});

test('which files the AgentOS file dialect claims', () => {
  assert.equal(skilldocFile.claimsFile('a.md', '---\nname: a\ndescription: b\n---\n', true, diskFiles), true);
  assert.equal(
    skilldocFile.claimsFile('a.md', '---\r\nname: a\r\ndescription: b\r\n---\r\n', true, diskFiles),
    true,
  );
  assert.equal(
    skilldocFile.claimsFile('a.md', '---\ntitle: a\ndescription: b\n---\n', true, diskFiles),
    true,
  );
  assert.equal(skilldocFile.claimsFile('a.md', '---\ntitle: a\nnav_order: 2\n---\n', true, diskFiles), false);
  assert.equal(
    skilldocFile.claimsFile('notes.SKILL.md', '# Notes\nNo frontmatter.\n', true, diskFiles),
    true,
    'by its name',
  );
  assert.equal(
    skilldocFile.claimsFile('a.md', '# README\nname: a\ndescription: b\n', true, diskFiles),
    false,
  );
  assert.equal(
    skilldocFile.claimsFile('a.txt', '---\nname: a\ndescription: b\n---\n', true, diskFiles),
    false,
  );
  assert.equal(skilldocFile.claimsFile('a.md', '---\nname: a\ndescription: b\n', true, diskFiles), false);
  assert.equal(
    skilldocFile.claimsFile(
      'x/.skills/intake/SKILL.md',
      '---\nname: a\ndescription: b\n---\n',
      true,
      diskFiles,
    ),
    false,
    'an engine folder owns its SKILL.md',
  );
});
