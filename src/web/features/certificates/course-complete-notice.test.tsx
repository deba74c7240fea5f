// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation, Router } from '../../lib/router';
import { CourseCompleteNotice } from './course-complete-notice';

const earned = { code: 'AAAAAAAAAAAAAAAAAAAAAA', url: '/certificates/AAAAAAAAAAAAAAAAAAAAAA' };

function Page({
  certificate,
  completedHere = false,
}: {
  certificate: typeof earned | null | undefined;
  completedHere?: boolean;
}) {
  return (
    <Router hook={memoryLocation({ path: '/course/c/l' }).hook}>
      <CourseCompleteNotice certificate={certificate} completedHere={completedHere} />
    </Router>
  );
}

describe('CourseCompleteNotice', () => {
  afterEach(cleanup);

  it('says the course is complete, with a link to the certificate, when the certificate arrives on this page', () => {
    const { rerender } = render(<Page certificate={undefined} />);
    rerender(<Page certificate={null} />);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<Page certificate={earned} />);
    expect(screen.getByRole('status').textContent).toBe('Course complete! See your certificate');
    expect(screen.getByRole('link', { name: 'See your certificate' }).getAttribute('href')).toBe(earned.url);
  });

  it('says nothing on a page opened after the course was complete', () => {
    const { rerender } = render(<Page certificate={undefined} />);
    rerender(<Page certificate={earned} />);
    rerender(<Page certificate={earned} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says it when this page completed the lesson before its first progress answer, which holds the certificate', () => {
    const { rerender } = render(<Page certificate={undefined} completedHere />);
    rerender(<Page certificate={earned} completedHere />);
    expect(screen.getByRole('status').textContent).toBe('Course complete! See your certificate');
  });
});
