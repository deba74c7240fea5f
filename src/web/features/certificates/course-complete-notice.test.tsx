// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation, Router } from '../../lib/router';
import { CourseCompleteNotice } from './course-complete-notice';

const earned = { code: 'AAAAAAAAAAAAAAAAAAAAAA', url: '/certificates/AAAAAAAAAAAAAAAAAAAAAA' };

function Page({ certificate }: { certificate: typeof earned | null | undefined }) {
  return (
    <Router hook={memoryLocation({ path: '/course/c/l' }).hook}>
      <CourseCompleteNotice certificate={certificate} />
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
});
