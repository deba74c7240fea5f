// A small known catalogue for API tests, in the seed's own format.
export const fixtureContent = {
  courses: [
    {
      title: 'Course A',
      cover: '/media/covers/a.svg',
      description: '<p>About <b>A</b></p>',
      lessons: [
        { title: 'A1', link: '/media/video/a1.webm', description: '<p>first</p>' },
        { title: 'A2', link: '/media/video/a2.webm', description: '<p>second</p>' },
        { title: 'A3', link: '/media/video/a3.webm', description: '<p>third</p>' },
      ],
    },
    {
      title: 'Course B',
      cover: '/media/covers/b.svg',
      description: '<p>About B</p>',
      lessons: [{ title: 'B1', link: '/media/video/b1.webm', description: '<p>only</p>' }],
    },
    { title: 'Course C', cover: '/media/covers/c.svg', description: '<p>About C</p>', lessons: [] },
  ],
  tutorials: [
    { title: 'Tutorial One', image: '/media/tutorials/1.svg', content: '<h2>One</h2><pre><code>x &lt; 1</code></pre>' },
    { title: 'Tutorial Two', image: '/media/tutorials/2.svg', content: '<p>Two</p>' },
  ],
  blogs: [
    { title: 'Older post', date: '2023-01-05', content: '<p>old</p>' },
    { title: 'Newest post', date: '2023-06-30', content: '<p>new</p>' },
    { title: 'Middle post', date: '2023-03-15', content: '<p>mid</p>' },
  ],
};
