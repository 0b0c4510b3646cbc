import { describe, expect, it } from 'vitest';
import { neutraliseBroadcastMentions } from './broadcast-mentions.ts';

describe('neutraliseBroadcastMentions', () => {
  it('Slack: special mentions are shown as text, plain @channel words are broken', () => {
    expect(neutraliseBroadcastMentions('hi <!channel> <!here|here> <!everyone> <!subteam^S1|team> <@U1>', 'slack')).toBe(
      'hi &lt;!channel&gt; &lt;!here|here&gt; &lt;!everyone&gt; &lt;!subteam^S1|team&gt; <@U1>',
    );
    expect(neutraliseBroadcastMentions('@channel @Here @everyone', 'slack')).toBe('@\u200bchannel @\u200bHere @\u200beveryone');
  });

  it('Mattermost and Matrix: @all, @channel, @here and @room are broken, single users kept', () => {
    expect(neutraliseBroadcastMentions('@all @channel @here @alice', 'mattermost')).toBe('@\u200ball @\u200bchannel @\u200bhere @alice');
    expect(neutraliseBroadcastMentions('@room @roomy @bob:example.org', 'matrix')).toBe('@\u200broom @roomy @bob:example.org');
  });
});
