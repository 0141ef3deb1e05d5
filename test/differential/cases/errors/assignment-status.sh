false
x=1
echo "after assignment: $?"
false || true
y=$(false)
echo "after failing subst: $?"
