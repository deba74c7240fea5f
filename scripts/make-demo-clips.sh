#!/usr/bin/env bash
# Makes the demo lessons' narrated clips and their captions, once; the results are committed under
# public/media/lessons/, so `npm start` needs neither tool. Needs espeak-ng and ffmpeg (Debian:
# `apt-get install espeak-ng ffmpeg`). Each lesson gets <name>.webm (a title card, VP9 + Opus, a few hundred KB at
# most) and <name>.vtt whose cues are the spoken sentences, timed from the synthesized speech itself.
#   usage: scripts/make-demo-clips.sh            (all lessons; the narration comes from scripts/demo-narration.ts)
set -euo pipefail

cd "$(dirname "$0")/.."
for tool in espeak-ng ffmpeg ffprobe; do
  command -v "$tool" >/dev/null || { echo "make-demo-clips: $tool is missing (apt-get install espeak-ng ffmpeg)" >&2; exit 1; }
done

out=public/media/lessons
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
gap=0.35
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# 00:00:01.234
stamp() { awk -v t="$1" 'BEGIN { h = int(t / 3600); m = int((t % 3600) / 60); s = t - h * 3600 - m * 60; printf "%02d:%02d:%06.3f", h, m, s }'; }
seconds() { ffprobe < /dev/null -v error -show_entries format=duration -of csv=p=0 "$1"; }

node --import tsx scripts/demo-narration.ts > "$work/narration.tsv"
while IFS=$'\t' read -r -a fields; do
  name=${fields[0]}
  title=${fields[1]}
  sentences=("${fields[@]:2}")
  dir="$work/$name"
  mkdir -p "$dir"
  : > "$dir/list.txt"
  vtt="WEBVTT"$'\n'
  at=0
  for i in "${!sentences[@]}"; do
    text=${sentences[$i]}
    espeak-ng -v en-us -s 160 -w "$dir/raw-$i.wav" "$text" < /dev/null
    # A short pause after each sentence, inside its own file, so the cue times are the files' lengths.
    ffmpeg -nostdin -loglevel error -y -i "$dir/raw-$i.wav" -af "apad=pad_dur=$gap" -ar 24000 -ac 1 "$dir/s-$i.wav"
    length=$(seconds "$dir/s-$i.wav")
    end=$(awk -v a="$at" -v l="$length" -v g="$gap" 'BEGIN { print a + l - g }')
    vtt+=$'\n'"$((i + 1))"$'\n'"$(stamp "$at") --> $(stamp "$end")"$'\n'"$text"$'\n'
    at=$(awk -v a="$at" -v l="$length" 'BEGIN { print a + l }')
    echo "file 's-$i.wav'" >> "$dir/list.txt"
  done
  ffmpeg -nostdin -loglevel error -y -f concat -safe 0 -i "$dir/list.txt" -c copy "$dir/speech.wav"
  printf '%s' "$title" > "$dir/title.txt"
  ffmpeg -nostdin -loglevel error -y \
    -f lavfi -i "color=c=0x0f172a:s=640x360:r=10" -i "$dir/speech.wav" \
    -vf "drawtext=fontfile=$font:textfile=$dir/title.txt:fontcolor=white:fontsize=24:x=(w-text_w)/2:y=(h-text_h)/2,drawtext=fontfile=$font:text='DevCourses':fontcolor=0xbe123c:fontsize=18:x=(w-text_w)/2:y=h-48" \
    -shortest -c:v libvpx-vp9 -b:v 0 -crf 48 -g 20 -row-mt 1 -deadline good -cpu-used 5 \
    -c:a libopus -b:a 24k "$out/$name.webm"
  printf '%s' "$vtt" > "$out/$name.vtt"
  echo "$out/$name.webm  $(du -k "$out/$name.webm" | cut -f1) KB  $(seconds "$out/$name.webm") s"
done < "$work/narration.tsv"
