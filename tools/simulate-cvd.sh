#!/usr/bin/env bash
# Shows a picture as a person with colour-vision deficiency sees it, to check the colour-blind
# palette by eye (README, "Classroom").
#   tools/simulate-cvd.sh deuteranopia|protanopia|tritanopia IN.png OUT.png
# The matrices are Machado, Oliveira & Fernandes (2009) at severity 1.0; they act on linear RGB,
# so the picture goes to linear RGB and back. Needs ImageMagick (Debian: imagemagick).
set -euo pipefail

if [ $# -ne 3 ]; then
    echo "usage: $0 deuteranopia|protanopia|tritanopia IN.png OUT.png" >&2
    exit 2
fi
case "$1" in
deuteranopia) m="0.367322 0.860646 -0.227968 0.280085 0.672501 0.047413 -0.011820 0.042940 0.968881" ;;
protanopia) m="0.152286 1.052583 -0.204868 0.114503 0.786281 0.099216 -0.003882 -0.048116 1.051998" ;;
tritanopia) m="1.255528 -0.076749 -0.178779 -0.078411 0.930809 0.147602 0.004733 0.691367 0.303900" ;;
*)
    echo "$0: unknown deficiency '$1'" >&2
    exit 2
    ;;
esac
convert "$2" -colorspace RGB -color-matrix "$m" -colorspace sRGB "$3"
