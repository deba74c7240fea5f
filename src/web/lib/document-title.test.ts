import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it("is the brand and 'home' for /", () => {
    expect(documentTitle('/')).toBe('DevCourses | home');
    expect(documentTitle('')).toBe('DevCourses | home');
  });

  it('is the brand and the first path segment', () => {
    expect(documentTitle('/course')).toBe('DevCourses | course');
    expect(documentTitle('/course/abc/def')).toBe('DevCourses | course');
    expect(documentTitle('/blog/')).toBe('DevCourses | blog');
    expect(documentTitle('/user/verify/token')).toBe('DevCourses | user');
    expect(documentTitle('//bugs')).toBe('DevCourses | bugs');
  });

  it('decodes the segment and survives a malformed escape', () => {
    expect(documentTitle('/caf%C3%A9')).toBe('DevCourses | café');
    expect(documentTitle('/%E0%A4%A')).toBe('DevCourses | %E0%A4%A');
  });
});
