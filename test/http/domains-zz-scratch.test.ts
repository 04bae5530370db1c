import { addDomain, domainTest, eventsOf } from './domains-kit.ts';
domainTest('scratch', async (t, s) => {
  const { owner } = s.fixture.tokens;
  await s.call('DELETE', `/domains/${s.fixture.ids.domain2}`, { token: owner });
  t.is((await eventsOf(s, 'domain.deleted')).length, 1);
  const d = (await addDomain(s, 'brief.example.test')).body;
  t.truthy(d.id);
});
