/** The head model every body_0.3 head is made from: head_2.0's head/mobile, the spec's `head` template (a module of its own, light enough for the registry). */
export const BODY_HEAD_MODEL = 'head_2.0 head/mobile';
