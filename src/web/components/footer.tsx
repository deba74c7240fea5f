import { BRAND } from '../../shared/constants';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <p>©2023 {BRAND}. Free courses, tutorials and blogs for programmers.</p>
      </div>
    </footer>
  );
}
