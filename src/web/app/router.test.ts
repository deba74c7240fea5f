import { describe, expect, it } from 'vitest';
import { matchPage } from './router';

describe('matchPage', () => {
  it("picks the route table's entry and its params, as the router's Switch does", () => {
    expect(matchPage('/course/c1/l2')).toMatchObject({
      pattern: '/course/:courseId/:lessonId',
      params: { courseId: 'c1', lessonId: 'l2' },
    });
    expect(matchPage('/course/c1/')).toMatchObject({ pattern: '/course/:courseId', params: { courseId: 'c1' } });
    expect(matchPage('/blog/')?.pattern).toBe('/blog');
    expect(matchPage('/Studio/Users')?.pattern).toBe('/studio/users');
    expect(matchPage('/user/verify/tok')?.params.token).toBe('tok');
    // Decoded as wouter decodes the path before matching (decodeURI): the page's useParams reads the same.
    expect(matchPage('/course/caf%C3%A9')?.params.courseId).toBe('café');
    expect(matchPage('/no/such/page')?.pattern).toBe('*');
    expect(matchPage('/')?.pattern).toBe('/');
  });
});
